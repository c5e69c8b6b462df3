#include <curses.h>
