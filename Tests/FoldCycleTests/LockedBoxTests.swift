import Dispatch
import FoldCyclePlatform
import Testing

@testable import FoldCycle

@Suite("LockedBox and the boxes' edges")
struct LockedBoxTests {
    @Test("withLock(waitingAtMost:) runs the body when the lock is free and keeps its change")
    func timedLockWhenFree() {
        let box = LockedBox([1])
        let count = box.withLock(waitingAtMost: 0.5) { value -> Int in
            value.append(2)
            return value.count
        }
        #expect(count == 2)
        #expect(box.withLock { $0 } == [1, 2])
    }

    @Test("withLock(waitingAtMost:) gives nil, the body not run, while another thread holds the lock")
    func timedLockWhenHeld() {
        let box = LockedBox(0)
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            box.withLock { value in
                value = 1
                entered.signal()
                release.wait()
            }
            done.signal()
        }
        entered.wait()
        let result = box.withLock(waitingAtMost: 0.02) { value -> Int in
            value = 99
            return value
        }
        release.signal()
        done.wait()
        #expect(result == nil)
        #expect(box.withLock { $0 } == 1)
    }

    @Test("a frame loop released off its queue cancels its timer (valueAtDeinit, no queue check)")
    func frameLoopDeinitOffQueue() {
        let clock = ManualClock()
        let queue = DispatchQueue(label: "LockedBoxTests.frameLoop")
        var loop: FrameLoop? = FrameLoop(clock: clock, framesPerSecond: 10, queue: queue) { true }
        queue.sync { loop?.start() }
        #expect(clock.pendingTimerCount == 1)
        #expect(queue.sync { loop?.isRunning } == true)
        loop = nil
        #expect(clock.pendingTimerCount == 0)
    }

    @Test("a heartbeat released off its queue cancels its timer")
    func heartbeatDeinitOffQueue() {
        let clock = ManualClock()
        let queue = DispatchQueue(label: "LockedBoxTests.heartbeat")
        var heartbeat: HeartbeatTimer? = HeartbeatTimer(clock: clock, queue: queue, interval: 30)
        queue.sync { heartbeat?.restart {} }
        #expect(clock.nextDeadline == 30)
        heartbeat = nil
        #expect(clock.pendingTimerCount == 0)
    }
}
