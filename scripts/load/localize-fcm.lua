-- wrk script for scripts/load-test.sh --fcm: POST /v1/localize with FCM messages against the
-- Android test app (Tests/LocalizationTests/Fixtures/android/res: a title key, a body key with
-- two arguments, a raw title with a body key, and a key it lacks) for the same varied device
-- language lists as localize.lua. Bodies are built once, then cycled, so wrk itself stays cheap.
local notifications = {
  '{"title_loc_key":"delivery_title","body_loc_key":"delivery_body","body_loc_args":["%s","the door"]}',
  '{"title":"%s","body_loc_key":"delivery_body","body_loc_args":["%s","la porte"]}',
  '{"title_loc_key":"delivery_title","body_loc_key":"delivery_bodi","body_loc_args":["%s","x"]}',
}
local names = {"Ana", "Samir", "Jürgen", "Mei", "Olúwadámilọ́lá", "Noa", "Chloé", "Ahmed"}
local languages = {
  '["fr-CA","en"]', '["ja"]', '["ar-SA","en"]', '["de-AT","de"]', '["es-MX","es"]', '["pt-PT"]', '["pt-BR"]',
  '["zh-Hant-HK","zh-Hans"]', '["zh-Hans-CN"]', '["he-IL"]', '["en-GB"]', '["ko-KR","en"]', '["it-IT"]',
  '["fr-FR","en"]', '["es-419"]', '"nl-NL,de,en"', '["en-AU","en"]', '["uk-UA","ru","en"]',
}
local bodies = {}
local next_body = 1

function init(args)
  local n = 0
  for i = 1, 720 do
    local name = names[(i % #names) + 1]
    local notification = string.format(notifications[(i % #notifications) + 1], name, name)
    local body = string.format('{"message":{"token":"t-%d","android":{"priority":"high","notification":%s}},"languages":%s,"id":%d}',
      i, notification, languages[(i % #languages) + 1], i)
    n = n + 1
    bodies[n] = wrk.format("POST", "/v1/localize", {["Content-Type"] = "application/json"}, body)
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
