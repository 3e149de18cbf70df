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
-- DRIVEMOCK_SDK=1 (issue 58): the official SDK's header set as a browser
-- sends it (bench_load_count --sdk, and the browser's Accept-Encoding). Its
-- Checksum is a fixed SHA-512's length: drivemock does not check it.
if os.getenv("DRIVEMOCK_SDK") == "1" then
  wrk.headers["Accept"] = "application/json, text/plain, */*"
  wrk.headers["Accept-Encoding"] = "gzip, deflate, br"
  wrk.headers["User-Agent"] = "filen-sdk"
  wrk.headers["Checksum"] = string.rep("c", 128)
  if not wrk.headers["Authorization"] then wrk.headers["Authorization"] = "Bearer " .. string.rep("f", 64) end
end

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
