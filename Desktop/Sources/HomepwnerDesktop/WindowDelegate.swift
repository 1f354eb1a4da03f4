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
        tabs.addTab(stack, title: "Items")
        tabs.addTab(SummaryPage(context: context), title: "Summary")
        scene.root.page = tabs
        add.onClick { [weak self] in self?.addItem() }
        edit.onClick { [weak self] in
            guard let list = self?.stack.topPage as? ItemsPage else { return }
            list.isEditing.toggle()
        }
        stack.didShow = { [weak self, weak scene] page in
            guard let self, self.tabs.selectedTab === self.stack else { return }
            scene?.window.title = page.title
            self.pageShown(page)
        }
        tabs.didShow = { [weak self, weak scene] tab in
            guard let self else { return }
            let page = (tab as? PageStack)?.topPage ?? tab
            scene?.window.title = page.title
            self.pageShown(page)
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
    }

    /// The header's buttons follow the page shown: Add and Edit work on the list, and Edit
    /// reads Done in edit mode.
    private func pageShown(_ page: Page) {
        let list = page as? ItemsPage
        add.isSensitive = list != nil
        edit.isSensitive = list != nil
        edit.label = list?.isEditing == true ? "_Done" : "_Edit"
        list?.onEditingChange = { [weak self, weak list] in
            // A restored list decodes its edit mode under the page restored over it.
            if let self, let list, self.stack.topPage === list { self.pageShown(list) }
        }
    }

    private func addItem() {
        (stack.topPage as? ItemsPage)?.presentNewItem()
    }

    // MARK: Restoration

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { true }

    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool {
        coder.metadata.appName == DesktopApp.name
    }
}
