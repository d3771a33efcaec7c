/// How `versioncheck-fetch` is tied to the `versioncheck` that started it (SPEC.md,
/// "Details": an interrupted check's helper and its request end with the process).
///
/// The main process makes one pipe for its whole life and never writes to it; only it
/// holds the write end (close-on-exec). Each helper gets the read end as `descriptor`
/// and `environmentVariable` set to its number. The kernel closes the write end when
/// the main process ends, however it ends (a signal before its handlers are installed,
/// `SIGKILL`, a crash), so the helper reads end of file at once: it checks before it
/// starts any request, then watches on a thread of its own, and exits when it sees it.
/// There is no window between starting the helper and tying it: the tie exists before
/// the helper does. (Linux's `PR_SET_PDEATHSIG` would fire when the *thread* that started
/// the helper ends, and a list run starts its helper from a worker thread.)
public enum HelperTie {
    /// Set in the helper's environment only: the number of the tie's descriptor.
    public static let environmentVariable = "VERSIONCHECK_HELPER_TIE"
    /// The helper's descriptor of the tie's read end.
    public static let descriptor: Int32 = 3
}
