extension CLI {
    /// Runs the process's own command line — its arguments, environment, stdin, stdout
    /// and stderr — and returns the exit status for `main.swift` to `exit` with.
    ///
    /// - Parameter checkRunner: makes the runner of `lookup`/`manifest` from the
    ///   arguments and the environment (the main binary execs the network helper; the
    ///   helper runs the check itself).
    public static func runProcess(
        checkRunner: (_ arguments: [String], _ environment: [String: String]) -> CheckRunner
    ) -> ExitStatus {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let environment = processEnvironment()
        return run(
            arguments: arguments,
            environment: environment,
            stdin: .standardInput,
            output: .standard(environment: environment),
            checkRunner: checkRunner(arguments, environment)
        )
    }
}
