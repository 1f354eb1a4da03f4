import GtkKit
import GtkRestoration
import HomepwnerCore
import StateRestoration

/// One window's delegate (the book's app delegate, per scene): opts in to restoration,
/// builds the header bar, the tabs (Items, a page stack; Summary) before the restore, and
/// the list after it when nothing was restored. Alt+1 and Alt+2 choose the tab.
@MainActor
final class WindowDelegate: SceneDelegate {
    static let stackIdentifier = "PageStack"

    let context: DesktopContext
    /// The item `--open` asked to show (rule S6).
    let opening: Item?
    let tabs = TabsPage(restorationIdentifier: "Tabs")
    let stack = PageStack(restorationIdentifier: WindowDelegate.stackIdentifier)
    private let add = Button(label: "_Add")
    private let edit = Button(label: "_Edit")

    init(context: DesktopContext, opening: Item?) {
        self.context = context
        self.opening = opening
    }

    func sceneWillFinishLaunching(_ scene: Scene) {
        let header = HeaderBar()
        add.setAccessibleLabel("Add an item")
        edit.setAccessibleLabel("Edit the list")
        header.packStart(add)
        header.packEnd(edit)
        header.setTitleWidget(tabs.switcher)
        scene.window.setTitlebar(header)
        scene.window.title = "Homepwner"
        scene.window.size = Size(width: 640, height: 480)
        // snippet: gtk-will-finish-launching
        tabs.addTab(stack, title: "Items")
        tabs.addTab(SummaryPage(context: context), title: "Summary")
        scene.root.page = tabs
        // end-snippet
        add.onClick { [weak self] in self?.addItem() }
        edit.onClick { [weak self] in self?.visibleList?.isEditing.toggle() }
        let placeholder = Label("Choose an item on the list, then press Enter.")
        placeholder.addCSSClass("dim-label")
        placeholder.center()
        stack.placeholder = placeholder
        scene.window.onResize { [weak self, weak scene] in
            if let self, let scene { self.fit(scene.window) }
        }
        stack.didShow = { [weak self, weak scene] page in
            guard let self, self.tabs.selectedTab === self.stack else { return }
            scene?.window.title = page.title
            self.updateHeader()
        }
        tabs.didShow = { [weak self, weak scene] tab in
            guard let self else { return }
            let page = (tab as? PageStack)?.topPage ?? tab
            scene?.window.title = page.title
            self.updateHeader()
            // The keyboard goes on in the tab shown (the list on its row), not in the tabs.
            page.initialFocus?.restoreFocus()
        }
        for (index, tab) in tabs.tabs.enumerated() {
            scene.window.addShortcut("<Alt>\(index + 1)") { [weak self] in
                self?.tabs.selectedTab = tab
                return true
            }
        }
    }

    // snippet: gtk-did-finish-launching
    func sceneDidFinishLaunching(_ scene: Scene) {
        if !(stack.pages.first is ItemsPage) {
            // Nothing usable was restored: the list, as at a first launch.
            stack.reset(to: ItemsPage(context: context))
        }
        if let opening, let list = stack.pages.first as? ItemsPage {
            tabs.selectedTab = stack
            list.list.selectedKey = ItemKey.text(opening.key)
            stack.push(DetailPage(item: opening, context: context))
        }
        fit(scene.window)
    }
    // end-snippet

    /// The list, when it is on screen: the first tab shown, the list on top of its stack or
    /// beside the item (split).
    private var visibleList: ItemsPage? {
        guard tabs.selectedTab === stack, let list = stack.pages.first as? ItemsPage else { return nil }
        return stack.topPage === list || stack.isSplit ? list : nil
    }

    /// The header's buttons follow what is shown: Add and Edit work on the list, and Edit
    /// reads Done in edit mode.
    private func updateHeader() {
        let list = visibleList
        add.isSensitive = list != nil
        edit.isSensitive = list != nil
        edit.label = list?.isEditing == true ? "_Done" : "_Edit"
        list?.onEditingChange = { [weak self] in self?.updateHeader() }
    }

    /// Side by side from this width (in pixels) up, and when maximized; folded below.
    static let splitWidth = 860

    /// Splits or folds the list and the item by the window's width.
    private func fit(_ window: Window) {
        stack.isSplit = window.isMaximized || window.size.width >= Self.splitWidth
        updateHeader()
    }

    private func addItem() {
        visibleList?.presentNewItem()
    }

    // MARK: Restoration

    // snippet: gtk-opt-in
    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        coder.metadata.appName == DesktopApp.name
    }
    // end-snippet
}
