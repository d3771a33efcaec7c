// The C calls of the output that waits its turn in `outdated` and `batch`: a private
// temporary file, and writes at an offset.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension FileDescriptor {
    /// A new file in `folder` (`mkstemp(3)`: mode 0600, a name no one else holds), open
    /// for reading and writing and already removed from the folder, so nothing is left
    /// behind however the process ends (at exit, on a signal, killed): the file lives as
    /// long as the returned descriptor.
    package static func createAnonymousFile(in folder: String) -> Result<FileDescriptor, Errno> {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast())
            + Array("versioncheck-output-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(.current(call: "mkstemp")) }
        let file = FileDescriptor(rawValue: fd)
        let removed = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        guard removed == 0 else {
            let failure = Errno.current(call: "unlink")
            file.close()
            return .failure(failure)
        }
        return .success(file)
    }
}
