-- wrk traffic on scripted uuids: color calls spread over the first N uuids of
-- a bench/generate-scenarios file (N from the environment, default 1,000),
-- so that each request looks its uuid up in a catalog of that size.
local n = tonumber(os.getenv("SCRIPTED_UUIDS") or "1000")
local counter = 0

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

function request()
  counter = counter + 1
  local uuid = string.format("6f1c7e0a-0000-4000-8000-%012d", (counter * 7919) % n + 1)
  return wrk.format(nil, "/v3/dir/color", nil, '{"uuid":"' .. uuid .. '","color":"red"}')
end

-- PAUSE_MS: each connection waits this long between its requests (moderate
-- traffic rather than a saturating loop).
local pause = tonumber(os.getenv("PAUSE_MS") or "0")
if pause > 0 then
  function delay()
    return pause
  end
end
