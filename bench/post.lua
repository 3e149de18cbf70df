-- Realistic traffic for wrk: color and trash calls, alternating, over 1,000
-- directory uuids and the colors real clients send. An optional argument
-- (`wrk ... -s post.lua -- N`) stops each thread after N answers, for
-- measurements that need an exact request count.
local uuids = {}
for i = 1, 1000 do uuids[i] = string.format("6f1c7e0a-0000-4000-8000-%012d", i) end
local colors = {"default", "blue", "green", "purple", "red", "gray", "#123456"}
local counter, answered, limit = 0, 0, nil

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"

function init(args)
  if args[1] then limit = tonumber(args[1]) end
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

function response(status, headers, body)
  answered = answered + 1
  if limit and answered >= limit then wrk.thread:stop() end
end
