import Testing

@testable import TerminalKit

/// Rule R31 inside TerminalKit, whatever its caller asks (an app, or an archive past the
/// engine's own check): a controller or a view never comes to contain itself.
@Suite("R31: TerminalKit keeps containment a tree")
@MainActor
struct ContainmentCycleTests {
    /// A root with a child, and a controller that child presents.
    static func family() -> (root: ViewController, child: ViewController, presented: ViewController) {
        let root = ViewController()
        let child = ViewController()
        let presented = ViewController()
        root.addChild(child)
        child.setPresented(presented)
        return (root, child, presented)
    }

    @Test("R31: addChild of itself or of an ancestor (a parent, a presenter) does nothing")
    func addChildRefusesCycles() {
        let (root, child, presented) = Self.family()
        root.addChild(root)
        child.addChild(root)
        presented.addChild(child)
        presented.addChild(root)
        #expect(root.children.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        #expect(root.parent == nil && child.parent === root)
        #expect(child.children.isEmpty && presented.children.isEmpty)
        #expect(presented.presentingViewController === child)
    }

    @Test("R31: presenting itself or an ancestor does nothing, and the presented controller stays")
    func setPresentedRefusesCycles() {
        let (root, child, presented) = Self.family()
        presented.setPresented(presented)
        presented.setPresented(child)
        presented.setPresented(root)
        child.setPresented(root)
        #expect(presented.presentedViewController == nil)
        #expect(child.presentedViewController === presented)
        #expect(child.parent === root && root.presentingViewController == nil)
    }

    @Test("R31: addSubview of itself or of a superview does nothing")
    func addSubviewRefusesCycles() {
        let top = View()
        let middle = View()
        let bottom = View()
        top.addSubview(middle)
        middle.addSubview(bottom)
        top.addSubview(top)
        bottom.addSubview(top)
        bottom.addSubview(middle)
        #expect(top.superview == nil && middle.superview === top && bottom.superview === middle)
        #expect(bottom.subviews.isEmpty && top.subviews.count == 1 && middle.subviews.count == 1)
    }
}
