import DefaultsFormats
import Testing

/// The one rule for text read as a URL: a host, a hostless scheme, or an absolute or home path.
@Suite struct URLTextTests {
    @Test(arguments: [
        "https://example.com", "https://example.com/a?b=1#c", "http://user:pw@example.com:8080/x", "myapp://settings",
        "https://[::1]:8443/", "HTTPS://EXAMPLE.COM", "file:///tmp/a", "mailto:a@b.c", "tel:+15555550123", "sms:123",
        "data:text/plain,hi", "about:blank", "/tmp/a", "/", "~", "~/Documents/a b",
    ])
    func says(_ text: String) {
        #expect(isURLText(text))
    }

    @Test(arguments: [
        "not a url", "api.example.com", "api.example.com:443", "localhost:8080", "example.com/path", "", "://x", "1http://a.b",
        "https://", "https:///path", "https://user@/x", "myapp:settings", "relative/path", "~user/x", "?q=1",
    ])
    func doesNotSay(_ text: String) {
        #expect(!isURLText(text))
    }
}
