-- Realistic traffic for wrk: color and trash calls, alternating, over 1,000
-- directory uuids and the colors real clients send.
local uuids = {}
-- Not the uuids of scenarios/ (their delays and faults are for people).
for i = 1, 1000 do uuids[i] = string.format("a0b1c2d3-0000-4000-8000-%012d", i) end
local colors = {"default", "blue", "green", "purple", "red", "gray", "#123456"}
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
-- A session's key (bench/run's S rounds): every request in that session, as
-- the official SDK sends its apiKey.
local bearer = os.getenv("DRIVEMOCK_BEARER")
if bearer and bearer ~= "" then wrk.headers["Authorization"] = "Bearer " .. bearer end

function request()
  counter = counter + 1
  local uuid = uuids[(counter % #uuids) + 1]
  if counter % 2 == 0 then
    return wrk.format(nil, "/v3/dir/trash", nil, '{"uuid":"' .. uuid .. '"}')
  end
  local color = colors[(counter % #colors) + 1]
  return wrk.format(nil, "/v3/dir/color", nil,
                    '{"uuid":"' .. uuid .. '","color":"' .. color .. '"}')
end
