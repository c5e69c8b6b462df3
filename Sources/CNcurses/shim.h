#ifndef CONTACT_TUI_CNCURSES_SHIM_H
#define CONTACT_TUI_CNCURSES_SHIM_H

// SwiftPM drops the -D flags pkg-config reports, so the wide-character API
// (get_wch, wint_t, cchar_t) must be switched on here, before curses.h.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif

#include <locale.h>
#include <stdio.h>
#include <wchar.h>
#include <curses.h>

// Swift 6 refuses shared mutable globals (stdscr, LINES, COLS) and cannot
// import function-like macros or the A_* attribute macros, so small inline
// wrappers expose them.

static inline WINDOW *ct_stdscr(void) { return stdscr; }
static inline int ct_lines(void) { return LINES; }
static inline int ct_cols(void) { return COLS; }

static inline attr_t ct_a_normal(void) { return A_NORMAL; }
static inline attr_t ct_a_bold(void) { return A_BOLD; }
static inline attr_t ct_a_reverse(void) { return A_REVERSE; }

static inline int ct_key_code_yes(void) { return KEY_CODE_YES; }
static inline int ct_key_resize(void) { return KEY_RESIZE; }
static inline int ct_key_mouse(void) { return KEY_MOUSE; }
static inline mmask_t ct_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t ct_button5_pressed(void) {
#ifdef BUTTON5_PRESSED
    return BUTTON5_PRESSED;
#else
    return 0;
#endif
}

static inline mmask_t ct_button1_pressed(void) { return BUTTON1_PRESSED; }

/// Makes the next refresh repaint every cell (Ctrl-L, and after a suspend).
static inline int ct_clear_on_next_refresh(void) { return clearok(curscr, TRUE); }

static inline int ct_setlocale_all(void) { return setlocale(LC_ALL, "") != NULL; }

/// Whether the current terminal's terminfo has the string capability `name`
/// (tigetstr answers NULL when absent and (char *)-1 when it is not a string).
static inline int ct_has_string_capability(const char *name) {
    char *value = tigetstr((char *)name);
    return value != NULL && value != (char *)-1 && value[0] != '\0';
}

/// Opens a screen on the given descriptors; NULL when the terminal type is
/// unknown (newterm reports failure instead of exiting like initscr).
static inline SCREEN *ct_newterm(int in_fd, int out_fd) {
    FILE *in = fdopen(in_fd, "r");
    FILE *out = fdopen(out_fd, "w");
    if (in == NULL || out == NULL) return NULL;
    return newterm(NULL, out, in);
}

/// Draws `count` wide characters at (y, x) with the given attributes and pair.
static inline int ct_draw(int y, int x, const wchar_t *text, int count, attr_t attrs, short pair) {
    attr_set(attrs, pair, NULL);
    return mvaddnwstr(y, x, text, count);
}

#endif
