#pragma once
// The admin API's handlers, one per call of docs/admin-api.md's table, grouped in
// files by what they work on (journal, scenarios, server state).

#include "admin/admin_context.h"

namespace drivemock::admin {

// journal_handlers.cpp
Reply handle_list_requests(const RequestView&, Context&, const std::smatch&);
Reply handle_get_request(const RequestView&, Context&, const std::smatch&);
Reply handle_stream_requests(const RequestView&, Context&, const std::smatch&);

/// The dashboard's page (`/__admin/ui`) or one of its files (`/__admin/ui/NAME`).
Reply handle_ui(const RequestView&, Context&, const std::smatch&);
/// A GET of the dashboard's page or files: they hold no data, so a browser
/// loads them without the admin token, and the page then asks for it.
bool is_dashboard_file(const RequestView& request);
Reply handle_count_requests(const RequestView&, Context&, const std::smatch&);
Reply handle_find_requests(const RequestView&, Context&, const std::smatch&);
Reply handle_verify_order(const RequestView&, Context&, const std::smatch&);
Reply handle_wait_requests(const RequestView&, Context&, const std::smatch&);
Reply handle_unmatched_requests(const RequestView&, Context&, const std::smatch&);
Reply handle_violations(const RequestView&, Context&, const std::smatch&);
Reply handle_delete_requests(const RequestView&, Context&, const std::smatch&);

// scenario_handlers.cpp
Reply handle_list_scenarios(const RequestView&, Context&, const std::smatch&);
Reply handle_get_scenario(const RequestView&, Context&, const std::smatch&);
Reply handle_push_scenario(const RequestView&, Context&, const std::smatch&);
Reply handle_delete_scenario(const RequestView&, Context&, const std::smatch&);
Reply handle_reload_scenarios(const RequestView&, Context&, const std::smatch&);

// recording_handlers.cpp
Reply handle_start_recording(const RequestView&, Context&, const std::smatch&);
Reply handle_stop_recording(const RequestView&, Context&, const std::smatch&);
Reply handle_recording_status(const RequestView&, Context&, const std::smatch&);
Reply handle_drift_scenarios(const RequestView&, Context&, const std::smatch&);

// server_handlers.cpp
Reply handle_health(const RequestView&, Context&, const std::smatch&);
Reply handle_reset(const RequestView&, Context&, const std::smatch&);
Reply handle_list_directories(const RequestView&, Context&, const std::smatch&);
Reply handle_get_directory(const RequestView&, Context&, const std::smatch&);
Reply handle_list_operations(const RequestView&, Context&, const std::smatch&);
Reply handle_put_directory_state(const RequestView&, Context&, const std::smatch&);
Reply handle_shutdown(const RequestView&, Context&, const std::smatch&);

// session_handlers.cpp
Reply handle_open_session(const RequestView&, Context&, const std::smatch&);
Reply handle_list_sessions(const RequestView&, Context&, const std::smatch&);
Reply handle_session_outcome(const RequestView&, Context&, const std::smatch&);
Reply handle_outcomes(const RequestView&, Context&, const std::smatch&);
Reply handle_get_session(const RequestView&, Context&, const std::smatch&);
Reply handle_reset_session(const RequestView&, Context&, const std::smatch&);
Reply handle_close_session(const RequestView&, Context&, const std::smatch&);
Reply handle_list_events(const RequestView&, Context&, const std::smatch&);

// pact_handlers.cpp
Reply handle_write_pact(const RequestView&, Context&, const std::smatch&);
Reply handle_pact_provider_state(const RequestView&, Context&, const std::smatch&);

// report_handlers.cpp
Reply handle_write_report(const RequestView&, Context&, const std::smatch&);
Reply handle_get_report(const RequestView&, Context&, const std::smatch&);

}  // namespace drivemock::admin
