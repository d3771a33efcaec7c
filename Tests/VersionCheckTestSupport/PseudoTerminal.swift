/// `script(1)`, which runs a command under a pseudo-terminal: util-linux's on Linux,
/// BSD's on macOS, with different arguments.
public enum PseudoTerminal {
    public static let script = "/usr/bin/script"

    /// The arguments that run the shell command line `command` quietly, with the
    /// typescript thrown away.
    public static func arguments(running command: String) -> [String] {
        #if os(Linux)
        return ["-qec", command, "/dev/null"]
        #else
        return ["-q", "/dev/null", "/bin/sh", "-c", command]
        #endif
    }
}
