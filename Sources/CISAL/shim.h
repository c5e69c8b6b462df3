// Intel's ISA-L igzip (Debian's libisal-dev): deflate at its fastest level in about a third of
// libdeflate's time at level 1, for a slightly larger output (MockOrg's answers); and inflate
// that streams, for answers RestCore reads as they arrive.
#include <isa-l/crc.h>
#include <isa-l/igzip_lib.h>

// The level buffer's size for level 1 (a macro Swift cannot import).
static inline unsigned int cisal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }
