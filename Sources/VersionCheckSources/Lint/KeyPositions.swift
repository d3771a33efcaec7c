/// Where the keys a linter reads are, as the reader reports them (`JSONReader.KeyLocator`:
/// byte offsets; `YAMLReader.KeyLocator`: lines): the document's own members, and those
/// of the element being streamed, forgotten once the element is handed over. Each holds
/// the few members a format selects, so a key is found by comparing (no hashing for each
/// of 500,000 elements), and the decoders' trees carry no positions at all.
struct KeyPositions {
    /// The depth of a streamed element's members: 3 in `{"releases": [{…}]}` or in YAML's
    /// `files:` list, 2 in `[{…}]`.
    let elementDepth: Int
    private var top: [(key: String, position: Int)] = []
    private var element: [(key: String, position: Int)] = []

    init(elementDepth: Int) {
        self.elementDepth = elementDepth
    }

    /// A member kept, at `depth`: recorded when it is the document's or an element's.
    mutating func record(depth: Int, key: String, position: Int) {
        if depth == 1 {
            top.append((key, position))
        } else if depth == elementDepth {
            element.append((key, position))
        }
    }

    /// The position of the document's member `key`.
    func top(_ key: String) -> Int? {
        top.first { $0.key == key }?.position
    }

    /// The position of the current element's member `key`.
    func element(_ key: String) -> Int? {
        element.first { $0.key == key }?.position
    }

    /// The element was handed over: its keys are forgotten.
    mutating func elementDone() {
        element.removeAll(keepingCapacity: true)
    }
}
