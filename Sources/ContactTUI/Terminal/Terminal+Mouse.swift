import CNcurses
import ContactList

extension Terminal {
    /// Asks the terminal for wheel events only (clicks keep selecting text).
    func enableWheel() {
        _ = mousemask(ct_button4_pressed() | ct_button5_pressed(), nil)
        _ = mouseinterval(0)
    }

    /// The wheel direction of the mouse event waiting after `KEY_MOUSE`, if any.
    static func readWheel() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        if event.bstate & ct_button4_pressed() != 0 { return .wheelUp }
        let down = ct_button5_pressed()
        if down != 0 && event.bstate & down != 0 { return .wheelDown }
        return nil
    }
}
