extension Messages {
    /// Unknown fields, and the name likely meant.
    enum Suggestions {
        /// When `name` is no field of `place`: the likely intended name, else what is allowed.
        static func unknownField(_ name: String, in place: String, allowed: [String]) -> String {
            if let close = suggestion(for: name, among: allowed) {
                return "unknown field \"\(name)\" in \(place); did you mean \"\(close)\"?"
            }
            return "unknown field \"\(name)\" in \(place); allowed fields are \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
        }
    }
}
