import CNcurses
import ContactList

extension Terminal {
    /// Asks the terminal for presses of the main button and the wheel (hold Shift to select text).
    func enableMouse() {
        _ = mousemask(ct_button1_pressed() | ct_button4_pressed() | ct_button5_pressed(), nil)
        _ = mouseinterval(0)
    }

    /// The mouse event waiting after `KEY_MOUSE` as a key: a click or a turn of the wheel.
    static func readMouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        if event.bstate & ct_button1_pressed() != 0 { return .click(x: Int(event.x), y: Int(event.y)) }
        if event.bstate & ct_button4_pressed() != 0 { return .wheelUp }
        let down = ct_button5_pressed()
        if down != 0 && event.bstate & down != 0 { return .wheelDown }
        return nil
    }
}
