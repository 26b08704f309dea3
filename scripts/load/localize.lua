-- wrk script for scripts/load-test.sh: POST /v1/localize with realistic payloads (missed call,
-- group message, unread summary with a plural, a reaction) for varied device language lists,
-- including languages the app lacks. Bodies are built once, then cycled, so wrk itself stays cheap.
-- Arguments (after --): the request number to start at, and the path (default /v1/localize;
-- /v1/localize/batch sends each request as one NDJSON line).
local payloads = {
  '{"aps":{"alert":{"title-loc-key":"call.missed.title","loc-key":"call.missed.body","loc-args":["%s"]},"sound":"default","badge":1},"call-id":"c-%d"}',
  '{"aps":{"alert":{"title-loc-key":"message.group.title","title-loc-args":["%s","Weekend trip"],"body":"Who\'s bringing snacks?"},"sound":"default","thread-id":"group-weekend"},"group-id":%d}',
  '{"aps":{"alert":{"title-loc-key":"inbox.unread.summary","title-loc-args":["%d"],"body":"Tap to catch up."},"badge":%d}}',
}
local names = {"Ana", "Samir", "Jürgen", "Mei", "Olúwadámilọ́lá", "Noa", "Chloé", "Ahmed"}
local languages = {
  '["fr-CA","en"]', '["ja"]', '["ar-SA","en"]', '["de-AT","de"]', '["es-MX","es"]', '["pt-PT"]', '["pt-BR"]',
  '["zh-Hant-HK","zh-Hans"]', '["zh-Hans-CN"]', '["he-IL"]', '["en-GB"]', '["ko-KR","en"]', '["it-IT"]',
  '["fr-FR","en"]', '["es-419"]', '"nl-NL,de,en"', '["en-AU","en"]', '["uk-UA","ru","en"]',
}
local fallbacks = {'', ',"fallback":"development-region"', ',"fallback":"device"', ''}
local bodies = {}
local next_body = 1

function init(args)
  local n = 0
  local path = args[2] or "/v1/localize"
  local batch = path:sub(-6) == "/batch"
  for i = 1, 720 do
    local template = payloads[(i % #payloads) + 1]
    local payload
    if template:find('%%s') then
      payload = string.format(template, names[(i % #names) + 1], i)
    else
      payload = string.format(template, (i % 120), (i % 120))
    end
    local body = string.format('{"payload":%s,"languages":%s,"id":%d%s}', payload,
      languages[(i % #languages) + 1], i, fallbacks[(i % #fallbacks) + 1])
    n = n + 1
    if batch then
      bodies[n] = wrk.format("POST", path, {["Content-Type"] = "application/x-ndjson"}, body .. "\n")
    else
      bodies[n] = wrk.format("POST", path, {["Content-Type"] = "application/json"}, body)
    end
  end
  next_body = (tonumber(args[1]) or 0) % n + 1
end

request = function()
  local r = bodies[next_body]
  next_body = next_body % #bodies + 1
  return r
end

done = function(summary, latency, requests)
  local seconds = summary.duration / 1e6
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT requests=%d seconds=%.2f rps=%.0f p50_ms=%.2f p90_ms=%.2f p99_ms=%.2f max_ms=%.2f socket_errors=%d non_2xx=%d\n",
    summary.requests, seconds, summary.requests / seconds,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    errors, summary.errors.status))
end
