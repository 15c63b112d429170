import FoldCycle
print(FoldTransition(direction: .down, slotSize: .init(width: 40, height: 5)).state(at: 0.5))
