-- wrk script: the Authorization header, its token read from the first line of $TOKEN_FILE, so that
-- it is in no command line (`wrk -H` would put it in the process list). delete.lua does the same.
local file = assert(io.open(os.getenv("TOKEN_FILE")))
wrk.headers["Authorization"] = "Bearer " .. file:read("*l")
file:close()
