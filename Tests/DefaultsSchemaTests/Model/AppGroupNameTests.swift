import DefaultsSchema
import Testing

/// The two forms of app group Apple documents: `group.<name>` everywhere, `<team identifier>.<name>` in macOS.
@Suite struct AppGroupNameTests {
    @Test(arguments: [
        ("group.com.example.shared", AppGroupName.Form.groupPrefixed),
        ("group.x", .groupPrefixed),
        ("ABCDE12345.shared", .teamPrefixed),
        ("9Z8Y7X6W5V.com.example.shared", .teamPrefixed),
    ])
    func namesAnAppGroup(_ suite: String, _ form: AppGroupName.Form) {
        #expect(AppGroupName.form(of: suite) == form)
        #expect(AppGroupName.isAppGroup(suite))
    }

    /// Not app groups: a reverse-DNS suite of the app's own container, a lowercase, short, long or non-ASCII
    /// "team identifier", nothing after the dot, or `group` without its dot.
    @Test(arguments: ["com.example.local", "abcde12345.shared", "ABCDE1234.shared", "ABCDE123456.shared", "ABCDE1234É.shared",
                      "ABCDE12345.", "ABCDE12345", "group.", "group", "groups.x", "standard", ""])
    func namesNoAppGroup(_ suite: String) {
        #expect(AppGroupName.form(of: suite) == nil)
        #expect(!AppGroupName.isAppGroup(suite))
    }
}
