// Stand-in for KPatience's src/yukon.h: the piles YukonSolver::translate_layout
// reads (store: the seven tableau columns, left to right; target: the four
// foundations), without the game's scene, rules and animations.
#ifndef KPATIENCE_SHIM_YUKON_H
#define KPATIENCE_SHIM_YUKON_H

#include "patpile.h"

class Yukon
{
    friend class YukonSolver;

public:
    PatPile *store[7];
    PatPile *target[4];
};

#endif
