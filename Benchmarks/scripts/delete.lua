-- wrk script: each request deletes a different Contact, ids read from $IDS_FILE.
-- Thread i of n takes ids i+1, i+1+n, ... so no two requests delete the same record.
-- The Authorization header as authorization.lua sets it, from $TOKEN_FILE (wrk takes one script).
local file = assert(io.open(os.getenv("TOKEN_FILE")))
wrk.headers["Authorization"] = "Bearer " .. file:read("*l")
file:close()
local ids = {}
local path = os.getenv("IDS_FILE")
if path and path ~= "" then
  for line in io.lines(path) do ids[#ids + 1] = line end
end
local threads = {}

function setup(thread)
  thread:set("offset", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = 0
  stride = 2
end

function request()
  local index = (counter * stride + (offset or 0)) % #ids + 1
  counter = counter + 1
  return wrk.format("DELETE", "/services/data/v66.0/sobjects/Contact/" .. ids[index])
end
