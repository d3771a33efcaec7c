import Foundation

/// Writes `text` to `path` as an executable file (mode 0755), through a descriptor that is
/// closed on exec. Tests run in parallel and start processes all the time: a descriptor
/// open for writing that a concurrently started child inherited kept the script "busy",
/// and running it failed with ETXTBSY ("Text file busy").
public func writeExecutable(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    guard written == bytes.count, chmod(path, 0o755) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
    }
}
