// libdeflate (Debian's libdeflate-dev): whole-buffer gzip, 2-3x faster than zlib at the
// fastest level and at inflate.
#include <libdeflate.h>
