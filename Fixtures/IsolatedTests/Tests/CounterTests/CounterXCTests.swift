import Counter
import TypedDefaults
import XCTest

// XCTest: the two lines that isolate every test of the class.
final class CounterXCTests: XCTestCase {
    override func invokeTest() {
        withIsolatedDefaults { super.invokeTest() }
    }

    func testCountsFromOne() {
        XCTAssertEqual(countLaunch(), 1)
    }

    func testAgainFromOne() {
        XCTAssertEqual(countLaunch(), 1)
        XCTAssertEqual(counts().shared, 1)
    }
}
