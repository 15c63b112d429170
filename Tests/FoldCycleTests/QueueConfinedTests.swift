import Dispatch
import FoldCycleCore
import FoldCyclePlatform
import Testing

@Suite("QueueConfined")
struct QueueConfinedTests {
    @Test("on its queue the value is read, written in place and changed through withValue")
    func onItsQueue() {
        let queue = DispatchQueue(label: "QueueConfinedTests.onItsQueue")
        let confined = QueueConfined([1, 2], on: queue)
        let seen = queue.sync { () -> [Int] in
            confined.value.append(3)
            let count = confined.withValue { value -> Int in
                value[0] = 10
                return value.count
            }
            return confined.value + [count]
        }
        #expect(seen == [10, 2, 3, 3])
        #expect(confined.queue === queue)
    }

    @Test("a read from another queue stops the process instead of racing")
    func offItsQueue() async {
        await #expect(processExitsWith: .failure) {
            let confined = QueueConfined(1, on: DispatchQueue(label: "QueueConfinedTests.offItsQueue"))
            _ = confined.value
        }
    }
}
