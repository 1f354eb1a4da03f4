import RestorationTesting
import StateRestoration
import TerminalKit
import Testing

/// A fruit in the sample app's model.
struct Fruit: Hashable, Sendable {
    var id: String
    var name: String
    var price: Int
}

/// The sample app's model: what a database would keep across a kill.
@MainActor
final class FruitStore {
    var fruits: [Fruit]

    init(fruits: [Fruit]) { self.fruits = fruits }

    static func sample(count: Int) -> [Fruit] {
        let names = [
            "Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape", "Honeydew", "苹果", "香蕉",
        ]
        return (0..<count).map { index in
            Fruit(id: "F\(index)", name: "\(names[index % names.count]) \(index)", price: index + 1)
        }
    }

    func fruit(id: String) -> Fruit? { fruits.first { $0.id == id } }

    func update(_ fruit: Fruit) {
        if let index = fruits.firstIndex(where: { $0.id == fruit.id }) { fruits[index] = fruit }
    }
}

/// The list: a table of fruits, add (modal), open (push), edit mode with delete and move.
@MainActor
final class FruitListViewController: TableViewController, ModelAssociation {
    let store: FruitStore
    var appearanceLog: [String] = []

    init(store: FruitStore) {
        self.store = store
        super.init()
        title = "Fruits"
        restorationIdentifier = "FruitListViewController"
        navigationItem.rightBarButtonItem = editButtonItem
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.restorationIdentifier = "table"
        tableView.emptyText = "No fruit"
    }

    override var keyCommands: [KeyCommand] {
        [KeyCommand(.character("a"), title: "Add") { [weak self] in self?.addFruit() }]
    }

    func addFruit() {
        present(FruitDetailViewController.newFruitModal(store: store))
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        appearanceLog.append("willAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        appearanceLog.append("willDisappear")
    }

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        store.fruits.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: ElementIndexPath) -> TableViewCell
    {
        let fruit = store.fruits[indexPath.row]
        return TableViewCell(text: fruit.name, detailText: "$\(fruit.price)")
    }

    override func tableView(_ tableView: TableView, canMoveRowAt indexPath: ElementIndexPath) -> Bool { true }

    override func tableView(
        _ tableView: TableView, commit editingStyle: TableView.EditingStyle,
        forRowAt indexPath: ElementIndexPath
    ) {
        let fruit = store.fruits[indexPath.row]
        let alert = AlertController(title: "Delete \(fruit.name)?", message: "This cannot be undone.")
        alert.addAction(.init(title: "Cancel", style: .cancel, key: .character("n")))
        alert.addAction(
            .init(title: "Delete", style: .destructive, key: .character("y")) { [weak self] in
                guard let self else { return }
                self.store.fruits.removeAll { $0.id == fruit.id }
                self.tableView.deleteRows(at: [indexPath])
            })
        present(alert)
    }

    override func tableView(
        _ tableView: TableView, moveRowAt sourceIndexPath: ElementIndexPath,
        to destinationIndexPath: ElementIndexPath
    ) {
        let fruit = store.fruits.remove(at: sourceIndexPath.row)
        store.fruits.insert(fruit, at: destinationIndexPath.row)
    }

    override func tableView(_ tableView: TableView, didSelectRowAt indexPath: ElementIndexPath) {
        let detail = FruitDetailViewController(store: store, fruit: store.fruits[indexPath.row], isNew: false)
        // Pushed onto the navigation controller, or shown in a split's secondary column.
        showDetailViewController(detail)
    }

    func modelIdentifier(forElementAt indexPath: ElementIndexPath, in view: AnyObject) -> String? {
        store.fruits.indices.contains(indexPath.row) ? store.fruits[indexPath.row].id : nil
    }

    func indexPathForElement(withModelIdentifier identifier: String, in view: AnyObject) -> ElementIndexPath?
    {
        store.fruits.firstIndex { $0.id == identifier }.map { ElementIndexPath(row: $0) }
    }
}

/// The detail: a form with a name and a numeric price. Pushed, it saves edits when it
/// goes; presented (new fruit), Enter adds it and Escape cancels.
@MainActor
final class FruitDetailViewController: ViewController, TextFieldDelegate {
    let store: FruitStore
    var fruit: Fruit
    let isNew: Bool
    let nameField = TextField(placeholder: "name")
    let priceField = TextField(placeholder: "0")
    let message = Label("")

    init(store: FruitStore, fruit: Fruit, isNew: Bool) {
        self.store = store
        self.fruit = fruit
        self.isNew = isNew
        super.init()
        restorationIdentifier = "FruitDetailViewController"
        title = isNew ? "New Fruit" : fruit.name
        if isNew {
            navigationItem.leftBarButtonItem = BarButtonItem(title: "Cancel", key: .escape) { [weak self] in
                self?.dismiss()
            }
            navigationItem.rightBarButtonItem = BarButtonItem(title: "Done", key: .enter) { [weak self] in
                self?.done()
            }
        }
    }

    /// The identifier of the navigation controller that a new fruit's screen is presented in.
    static let modalIdentifier = "ModalNavigationController"

    /// A new fruit's screen (Add, Ctrl-N), in its navigation controller, to present.
    static func newFruitModal(store: FruitStore) -> NavigationController {
        let fruit = Fruit(id: "N\(store.fruits.count)", name: "", price: 0)
        return modal(
            NavigationController(
                rootViewController: FruitDetailViewController(store: store, fruit: fruit, isNew: true)))
    }

    /// `navigation` named as the navigation controller of a new fruit's screen; by default an
    /// empty one, as a restore makes it again before the screen.
    static func modal(_ navigation: NavigationController = NavigationController()) -> NavigationController {
        navigation.restorationIdentifier = modalIdentifier
        return navigation
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let form = FormView()
        nameField.restorationIdentifier = "name"
        nameField.text = fruit.name
        priceField.restorationIdentifier = "price"
        priceField.isNumeric = true
        priceField.text = fruit.price == 0 ? "" : String(fruit.price)
        priceField.delegate = self
        message.style = Theme.standard.error
        form.addRow("Name", nameField)
        form.addRow("Price", priceField)
        form.addRow(message)
        view = form
        nameField.becomeFirstResponder()
    }

    override var keyCommands: [KeyCommand] {
        guard !isNew else { return [] }
        return [
            KeyCommand(.ctrl("n"), title: "New") { [weak self] in
                guard let self else { return }
                self.present(Self.newFruitModal(store: self.store))
            }
        ]
    }

    func textField(_ textField: TextField, didReject character: Character) {
        message.text = "Whole dollars only"
    }

    func textFieldDidChange(_ textField: TextField) {
        message.text = ""
    }

    private func applyFields() {
        fruit.name = nameField.text
        fruit.price = Int(priceField.text) ?? 0
    }

    func done() {
        applyFields()
        store.fruits.append(fruit)
        dismiss()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if !isNew && parent == nil {
            applyFields()
            store.update(fruit)
        }
    }

    override func encodeRestorableState(with coder: StateEncoder) throws {
        try super.encodeRestorableState(with: coder)
        try coder.encode(fruit.id, forKey: "fruitID")
    }
}

/// The app delegate: builds the root in will-finish-launching, and creates the
/// controllers of restored paths (rule R13b).
@MainActor
final class FruitApp: ApplicationDelegate {
    let store: FruitStore
    var events: [String] = []
    var savesAllowed = true

    init(store: FruitStore) { self.store = store }

    func applicationWillFinishLaunching(_ application: Application) {
        events.append("willFinishLaunching")
        let list = FruitListViewController(store: store)
        let navigation = NavigationController(rootViewController: list)
        navigation.restorationIdentifier = "NavigationController"
        application.window.rootViewController = navigation
    }

    func applicationDidFinishLaunching(_ application: Application) { events.append("didFinishLaunching") }
    func applicationDidEnterBackground(_ application: Application) { events.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: Application) { events.append("willEnterForeground") }
    func applicationWillTerminate(_ application: Application) { events.append("willTerminate") }

    func shouldSaveApplicationState(_ coder: StateEncoder) -> Bool { savesAllowed }
    func shouldRestoreApplicationState(_ coder: StateDecoder) -> Bool { true }

    func restorableObject(withRestorationPath path: RestorationPath, coder: StateDecoder) -> (
        any RestorableObject
    )? {
        Self.restorableObject(at: path, coder: coder, store: store, isNew: path.count == 3)
    }

    /// The modal navigation controller and the fruit screens, created again at launch; the
    /// fruit screen for a new fruit if `isNew`.
    static func restorableObject(
        at path: RestorationPath, coder: StateDecoder, store: FruitStore, isNew: Bool
    )
        -> (any RestorableObject)?
    {
        switch path.last?.identifier {
        case FruitDetailViewController.modalIdentifier:
            return FruitDetailViewController.modal()
        case "FruitDetailViewController":
            guard let id = try? coder.decode(String.self, forKey: "fruitID") else { return nil }
            let fruit = isNew ? Fruit(id: id, name: "", price: 0) : store.fruit(id: id)
            return fruit.map { FruitDetailViewController(store: store, fruit: $0, isNew: isNew) }
        default:
            return nil
        }
    }
}

/// One launch of the sample app on a headless terminal.
@MainActor
struct FruitLaunch: HeadlessLaunch {
    let application: Application
    let terminal: HeadlessTerminal
    let delegate: FruitApp

    /// Launches the sample app.
    init(
        store: FruitStore, storage: InMemoryStorage = InMemoryStorage(),
        size: Size = Size(width: 40, height: 12),
        scheduler: (any RestorationScheduler)? = ManualScheduler(), continuousDelay: Duration? = nil
    ) {
        terminal = HeadlessTerminal(size: size)
        delegate = FruitApp(store: store)
        application = Application(
            delegate: delegate, driver: terminal,
            configuration: .checked(
                appName: "fruits", appVersion: "1.0", continuousPreservationDelay: continuousDelay),
            storage: storage, scheduler: scheduler)
        application.window.additionalKeyHints = [KeyHint(key: .ctrl("c"), title: "Quit")]
        do {
            try application.launch()
        } catch {
            Issue.record("launch failed: \(error)")
        }
    }

    /// Launches the sample app on the first `count` sample fruits (``FruitStore/sample(count:)``);
    /// the other parameters as ``init(store:storage:size:scheduler:continuousDelay:)``.
    init(
        fruits count: Int, storage: InMemoryStorage = InMemoryStorage(),
        size: Size = Size(width: 40, height: 12),
        scheduler: (any RestorationScheduler)? = ManualScheduler(), continuousDelay: Duration? = nil
    ) {
        self.init(
            store: FruitStore(fruits: FruitStore.sample(count: count)), storage: storage, size: size,
            scheduler: scheduler, continuousDelay: continuousDelay)
    }

    /// The app's store: what its list shows and edits.
    var store: FruitStore { delegate.store }

    /// The root navigation controller.
    var navigation: NavigationController? { application.window.rootViewController as? NavigationController }

    /// The list.
    var list: FruitListViewController? { navigation?.viewControllers.first as? FruitListViewController }
}

extension FruitLaunch {
    /// The sample app on one fruit, opened, its price field (a numeric field) emptied.
    static func emptiedPriceField() -> FruitLaunch {
        let app = FruitLaunch(fruits: 1)
        app.press(.enter, .tab)
        app.press(.backspace)
        return app
    }
}
