// Stand-in for KPatience's src/patpile.h: a pile is all the solver needs of it.
#ifndef KPATIENCE_SHIM_PATPILE_H
#define KPATIENCE_SHIM_PATPILE_H

#include <KCardPile>

class PatPile : public KCardPile
{
};

#endif
