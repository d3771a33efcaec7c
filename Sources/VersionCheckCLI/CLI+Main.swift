extension CLI {
    /// Runs the process's own command line — its arguments, environment, stdin, stdout
    /// and stderr — and returns the exit status for `main.swift` to `exit` with.
    /// `lookup` and `manifest` get the network through the helper (`LiveCheck`).
    public static func runMain() -> ExitStatus {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = processEnvironment()
        return run(
            arguments: arguments,
            environment: environment,
            stdin: .standardInput,
            output: .standard(environment: environment),
            checkRunner: LiveCheck.runner(environment: environment)
        )
    }
}

extension CLI {
    /// The process environment, read once from `environ`.
    public static func processEnvironment() -> [String: String] { System.environment() }
}
