/// `GET /openapi.json`: the service described by hand in OpenAPI 3.1, in
/// Resources/openapi.json. Tests check that it parses, names every path the server serves with
/// its methods, and describes every answer the server gives.
///
/// The file's bytes are compiled into the binary (`.embedInCode` in Package.swift), not read
/// through `Bundle.module`: the release binary is static and moved into a tarball on its own,
/// and a resource bundle is found only beside the executable or at the build folder's absolute
/// path (missing both, `Bundle.module` stops the process); it would also link all of
/// Foundation into the server.
enum OpenAPIDocument {
    static let json = String(decoding: PackageResources.openapi_json, as: UTF8.self)
}
