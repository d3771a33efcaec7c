// Empty on purpose: SwiftPM needs one source file in a C target; everything
// this target provides is in include/BuildInfo.h.
#include "BuildInfo.h"
