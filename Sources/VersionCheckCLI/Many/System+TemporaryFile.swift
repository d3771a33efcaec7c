// The C calls of the output that waits its turn in `outdated` and `batch`: a private
// temporary file, and writes at an offset.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension System {
    /// A new file in `folder` (`mkstemp(3)`: mode 0600, a name no one else holds), open
    /// for reading and writing and already removed from the folder, so nothing is left
    /// behind however the process ends (at exit, on a signal, killed): the file lives as
    /// long as the returned descriptor.
    static func createAnonymousFile(in folder: String) -> Result<Int32, SystemCallError> {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
            + Array("versioncheck-output-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(SystemCallError(call: "mkstemp", code: errno)) }
        let removed = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        guard removed == 0 else {
            let code = errno
            close(fd)
            return .failure(SystemCallError(call: "unlink", code: code))
        }
        return .success(fd)
    }

    /// Writes every byte at `offset` (`pwrite(2)`, EINTR and partial writes retried).
    static func writeFully(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Result<Void, SystemCallError> {
        guard let base = bytes.baseAddress else { return .success(()) }
        var done = 0
        while done < bytes.count {
            let written = pwrite(fd, base + done, bytes.count - done, off_t(offset + done))
            if written < 0 {
                if errno == EINTR { continue }
                return .failure(SystemCallError(call: "write", code: errno))
            }
            done += written
        }
        return .success(())
    }
}
