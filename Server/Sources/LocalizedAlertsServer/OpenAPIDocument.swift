/// `GET /openapi.json`: the service described by hand in OpenAPI 3.1. A test checks that it
/// parses and names every path the server serves, with its methods.
enum OpenAPIDocument {
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "render-alert-server",
    "version": "1",
    "summary": "Localizes Apple push payloads on the server, as the device would, for providers in any language.",
    "description": "Every /v1 endpoint needs `Authorization: Bearer TOKEN` when the server was started with --token (or RENDER_ALERT_SERVER_TOKEN). Every error is `{\"error\": {\"code\", \"message\"}}` with a stable code: bad-request (400), unauthorized (401), not-found (404), method-not-allowed (405), body-too-large (413), internal (500). A request the connection limits refuse is answered before routing, and the connection closed: request-timeout (408), request-line-too-long (414), headers-too-large (431), bad-request (400) for malformed HTTP."
  },
  "servers": [{"url": "http://127.0.0.1:8080"}],
  "components": {
    "securitySchemes": {
      "bearer": {"type": "http", "scheme": "bearer", "description": "Only when the server was started with --token."}
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": ["error"],
        "properties": {
          "error": {
            "type": "object",
            "required": ["code", "message"],
            "properties": {
              "code": {"type": "string", "enum": ["bad-request", "unauthorized", "not-found", "method-not-allowed", "body-too-large", "internal", "request-timeout", "request-line-too-long", "headers-too-large"]},
              "message": {"type": "string"}
            }
          }
        }
      },
      "Payload": {
        "type": "object",
        "description": "An APNs payload: an `aps` dictionary whose `alert` has `loc-key`/`loc-args`, `title-loc-key`/`title-loc-args`, `subtitle-loc-key`/`subtitle-loc-args`, and any custom keys.",
        "additionalProperties": true
      },
      "Languages": {
        "description": "The device's preferred languages, best first: an array, or a comma-separated string.",
        "oneOf": [{"type": "array", "items": {"type": "string"}}, {"type": "string"}]
      },
      "LocalizeRequest": {
        "type": "object",
        "description": "Any other member is refused (400, or an error line in a batch), so that a misspelt option is never left at its default.",
        "required": ["payload", "languages"],
        "additionalProperties": false,
        "properties": {
          "payload": {"$ref": "#/components/schemas/Payload"},
          "languages": {"$ref": "#/components/schemas/Languages"},
          "mode": {"type": "string", "enum": ["server", "device"], "default": "server", "description": "server: plurals resolved, numbers for the locale; device: exactly what the phone would show."},
          "fallback": {"type": "string", "enum": ["fail", "development-region", "device"], "default": "fail", "description": "In server mode, when the chosen localization has no text for a key: no payload, the development region's text, or the key as a phone shows it."},
          "id": {"description": "Any JSON value, echoed back."},
          "headers": {
            "type": "object",
            "description": "The APNs request headers the payload is to be sent with; what does not fit the payload (a Live Activity sent as an alert, a background push at priority 10, a broadcast carrying server text) is an error among the diagnostics, and the result is not sendable.",
            "additionalProperties": false,
            "properties": {
              "apns-push-type": {"type": "string"},
              "apns-topic": {"type": "string"},
              "apns-priority": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
              "apns-expiration": {"oneOf": [{"type": "integer"}, {"type": "string"}]},
              "apns-channel-id": {"type": "string"}
            }
          }
        }
      },
      "Diagnostic": {
        "type": "object",
        "required": ["id", "severity", "message"],
        "properties": {
          "id": {"type": "string"},
          "severity": {"type": "string", "enum": ["error", "warning", "note"]},
          "file": {"type": "string"},
          "line": {"type": "integer"},
          "column": {"type": "integer"},
          "message": {"type": "string"},
          "hint": {"type": "string"}
        },
        "additionalProperties": true
      },
      "Fallback": {
        "type": "object",
        "required": ["field", "key", "outcome"],
        "properties": {
          "field": {"type": "string", "enum": ["title", "subtitle", "body"]},
          "key": {"type": "string"},
          "outcome": {"type": "string", "enum": ["shows-key", "shows-payload-text", "development-region"]},
          "localization": {"type": "string"}
        }
      },
      "LocalizeResult": {
        "type": "object",
        "description": "One answer. Send `payload` only when `sendable` is true; otherwise `error` says why (it did not parse, has errors, a field would show its key, or it is over APNs' 4,096 bytes).",
        "required": ["sendable"],
        "properties": {
          "line": {"type": "integer", "description": "The request's line number in a batch; absent from /v1/localize."},
          "id": {"description": "The request's id, when it had one."},
          "mode": {"type": "string", "enum": ["server", "device"]},
          "preferredLanguages": {"type": "array", "items": {"type": "string"}},
          "localization": {"type": ["string", "null"]},
          "byteCount": {"type": "integer"},
          "sendable": {"type": "boolean"},
          "error": {"type": "string"},
          "payload": {"oneOf": [{"$ref": "#/components/schemas/Payload"}, {"type": "null"}]},
          "fallbacks": {"type": "array", "items": {"$ref": "#/components/schemas/Fallback"}},
          "diagnostics": {"type": "array", "items": {"$ref": "#/components/schemas/Diagnostic"}}
        }
      },
      "PreviewRequest": {
        "type": "object",
        "description": "Any other member is refused (400).",
        "required": ["payload"],
        "additionalProperties": false,
        "properties": {
          "payload": {"$ref": "#/components/schemas/Payload"},
          "languages": {
            "type": "array",
            "description": "One device per element: \"fr-CA,en\" or [\"fr-CA\", \"en\"]. Default: one device per localization of the app.",
            "items": {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
          }
        }
      },
      "Preview": {
        "type": "object",
        "description": "`render-alert preview --format json`, schema version 1 (docs/cli.md, preview): the app, and per device the localization chosen, the search list, each field's text, source, key and format, and the diagnostics.",
        "required": ["schemaVersion", "generator", "app", "previews"],
        "additionalProperties": true
      },
      "Localizations": {
        "type": "object",
        "required": ["localizations", "developmentRegion", "generation"],
        "properties": {
          "localizations": {"type": "array", "items": {"type": "string"}},
          "developmentRegion": {"type": ["string", "null"]},
          "generation": {"type": "integer", "description": "1 for the tables read at start, one more per successful reload (SIGHUP)."}
        }
      }
    },
    "responses": {
      "BadRequest": {"description": "The body is not a valid request.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "Unauthorized": {"description": "The server has a token and the request did not carry it.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "TooLarge": {"description": "The body (a batch: a line) is over --max-body-bytes.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    }
  },
  "security": [{}, {"bearer": []}],
  "paths": {
    "/v1/localize": {
      "post": {
        "summary": "Localize one payload",
        "description": "Fills in title, subtitle and body for the localization a device with these languages would use, removing their *-loc-key/*-loc-args. A result that may not be sent is still a 200, with `sendable: false` and an `error`.",
        "operationId": "localize",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LocalizeRequest"}}}},
        "responses": {
          "200": {"description": "The result, sendable or not.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/LocalizeResult"}}}},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "413": {"$ref": "#/components/responses/TooLarge"}
        }
      }
    },
    "/v1/localize/batch": {
      "post": {
        "summary": "Localize many payloads (NDJSON)",
        "description": "One LocalizeRequest per line; one LocalizeResult per non-blank line, in order, streamed as the lines arrive. A line that is not a request is answered `{\"line\", \"id\"?, \"sendable\": false, \"error\"}` and the stream goes on; so is a line over --max-body-bytes.",
        "operationId": "localizeBatch",
        "requestBody": {"required": true, "content": {"application/x-ndjson": {"schema": {"type": "string"}}}},
        "responses": {
          "200": {"description": "One JSON result per line.", "content": {"application/x-ndjson": {"schema": {"type": "string"}, "itemSchema": {"$ref": "#/components/schemas/LocalizeResult"}}}},
          "401": {"$ref": "#/components/responses/Unauthorized"}
        }
      }
    },
    "/v1/preview": {
      "post": {
        "summary": "Preview a payload on devices",
        "description": "What each device shows for the payload, as `render-alert preview --format json` prints it.",
        "operationId": "preview",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PreviewRequest"}}}},
        "responses": {
          "200": {"description": "The preview document.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Preview"}}}},
          "400": {"$ref": "#/components/responses/BadRequest"},
          "401": {"$ref": "#/components/responses/Unauthorized"},
          "413": {"$ref": "#/components/responses/TooLarge"}
        }
      }
    },
    "/v1/localizations": {
      "get": {
        "summary": "The app's localizations",
        "operationId": "localizations",
        "responses": {
          "200": {"description": "The localizations served, the development region and the tables' generation.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Localizations"}}}},
          "401": {"$ref": "#/components/responses/Unauthorized"}
        }
      }
    },
    "/healthz": {
      "get": {
        "summary": "Liveness",
        "operationId": "health",
        "security": [{}],
        "responses": {"200": {"description": "The process is serving.", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "ok"}}}}}}}
      }
    },
    "/readyz": {
      "get": {
        "summary": "Readiness",
        "operationId": "ready",
        "security": [{}],
        "responses": {
          "200": {"description": "Tables loaded; taking requests. After a failed reload the last good tables are still served and the server stays ready; lastReloadFailure says why until a reload succeeds.", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "ready"}, "generation": {"type": "integer"}, "localizations": {"type": "integer"}, "lastReloadFailure": {"type": "object", "properties": {"reason": {"type": "string"}, "time": {"type": "integer", "description": "Seconds since 1970."}, "failures": {"type": "integer", "description": "Failed reloads since the tables in force were read."}}}}}}}},
          "503": {"description": "Shutting down.", "content": {"application/json": {"schema": {"type": "object", "properties": {"status": {"const": "shutting-down"}, "generation": {"type": "integer"}}}}}}
        }
      }
    },
    "/metrics": {
      "get": {
        "summary": "Prometheus metrics",
        "description": "render_alert_http_requests_total{endpoint,method,status}, render_alert_http_request_duration_seconds{endpoint,method,status} (histogram), render_alert_http_request_errors_total{endpoint,method,status}, render_alert_http_requests_active{method}, render_alert_localizations_total{sendable}, render_alert_fallbacks_total{outcome}, render_alert_tables_generation, render_alert_table_reloads_total{result}.",
        "operationId": "metrics",
        "security": [{}],
        "responses": {"200": {"description": "Prometheus text exposition.", "content": {"text/plain": {"schema": {"type": "string"}}}}}
      }
    },
    "/openapi.json": {
      "get": {
        "summary": "This document",
        "operationId": "openAPI",
        "security": [{}],
        "responses": {"200": {"description": "OpenAPI 3.1.", "content": {"application/json": {"schema": {"type": "object"}}}}}
      }
    }
  }
}

"""#
}
