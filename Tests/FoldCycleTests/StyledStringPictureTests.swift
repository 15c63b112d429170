import Testing

@testable import FoldCycle

/// A ``StyledString``'s picture is kept behind one reference (docs/decisions/0216): equality and
/// hashing are still the picture's value, whichever string holds it.
@Suite struct StyledStringPictureTests {
    static func picture(_ grey: UInt8, caption: String = "") -> CardPicture {
        CardPicture(
            image: PictureCardTests.image(width: 1, [PictureCardTests.grey(grey)]), caption: caption)
    }

    @Test func equalPicturesInTwoStringsAreEqualAndHashAlike() {
        let first = StyledString(picture: Self.picture(10, caption: "a"))
        let second = StyledString(picture: Self.picture(10, caption: "a"))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first.picture == Self.picture(10, caption: "a"))
    }

    @Test func anotherPictureOrNoneIsAnotherString() {
        let grey = StyledString(picture: Self.picture(10, caption: "a"))
        #expect(grey != StyledString(picture: Self.picture(11, caption: "a")))
        // The same run ("a"), without a picture.
        #expect(grey != StyledString("a"))
        #expect(StyledString("a").picture == nil)
    }

    @Test func appendingKeepsThePictureAndPlusKeepsTheLeftOne() {
        var text = StyledString(picture: Self.picture(10, caption: "a"))
        text.append("b")
        #expect(text.picture == Self.picture(10, caption: "a"))
        #expect(text.plainText == "ab")
        let sum = StyledString(picture: Self.picture(20, caption: "c")) + text
        #expect(sum.picture == Self.picture(20, caption: "c"))
        #expect((StyledString("x") + text).picture == nil)
    }
}
