// KPatience's Yukon solver on one layout, from the command line.
//
// Part of bench/kpatience.py. Reads a Yukon layout on stdin, seven lines, one a
// column from left to right, its cards bottom to top in the project's notation
// (face-down cards in brackets: "[9S] 4H 8D"); sets up KPatience's YukonSolver
// as YukonSolver::translate_layout does for a game on screen; runs patsolve()
// in a thread, as KPatience's SolverThread does, and calls stopExecution()
// once the limit in seconds has passed, as KPatience does when it aborts the
// solver. Prints
//
//     verdict SolutionExists|NoSolutionExists|SearchAborted|UnableToDetermineSolvability|MemoryLimitReached
//     seconds 0.123
//     positions 4567
//     moves 7H>F JH>2 ...        (only for SolutionExists)
//
// The winning moves are those patsolve() records (MOVE: a pile, how many cards
// lie on the moved card, the target), written as the project's moves: "TD>5"
// (the card and all on it to column 5), "AH>F".
//
//     kpatience-yukon [--seconds S] < layout.txt
//
// With --deal N it prints instead the layout KPatience deals for its Yukon game
// N, by KPatience's own code (see KpatDealer), in the same seven lines: the
// bench compares it with its own dealing of game N.
//
//     kpatience-yukon --deal N
//
// Built by build.sh against KPatience's own solver sources, unchanged; the
// KDE pieces it needs (KCard, KCardPile, PatPile, Yukon) are the stand-ins
// next to this file.

#include "patsolve/yukonsolver.h"
#include "shuffle.h"
#include "yukon.h"

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace
{
const char RANKS[] = "A23456789TJQK";
const char SUITS[] = "CDHS"; // KCardDeck::Suit order: Clubs 0, Diamonds 1, Hearts 2, Spades 3

struct Card {
    int suit;
    int rank;
    bool faceUp;
};

[[noreturn]] void fail(const std::string &message)
{
    std::cerr << "kpatience-yukon: " << message << "\n";
    std::exit(2);
}

Card parseCard(std::string token)
{
    bool faceUp = true;
    if (token.size() >= 2 && token.front() == '[' && token.back() == ']') {
        faceUp = false;
        token = token.substr(1, token.size() - 2);
    }
    if (token.size() == 3 && token.compare(0, 2, "10") == 0)
        token = "T" + token.substr(2);
    if (token.size() != 2)
        fail("not a card: " + token);
    const char *rank = std::strchr(RANKS, std::toupper(static_cast<unsigned char>(token[0])));
    const char *suit = std::strchr(SUITS, std::toupper(static_cast<unsigned char>(token[1])));
    if (rank == nullptr || suit == nullptr || token[0] == '\0' || token[1] == '\0')
        fail("not a card: " + token);
    return Card{static_cast<int>(suit - SUITS), static_cast<int>(rank - RANKS) + 1, faceUp};
}

std::string cardName(const Card &card)
{
    return std::string{RANKS[card.rank - 1], SUITS[card.suit]};
}

std::vector<std::vector<Card>> readLayout(std::istream &in)
{
    std::vector<std::vector<Card>> columns;
    bool seen[4][14] = {};
    std::string line;
    while (columns.size() < 7 && std::getline(in, line)) {
        std::istringstream words(line);
        std::vector<Card> column;
        std::string token;
        while (words >> token) {
            Card card = parseCard(token);
            if (seen[card.suit][card.rank])
                fail("card twice: " + cardName(card));
            if (!card.faceUp && !column.empty() && column.back().faceUp)
                fail("a face-down card on a face-up one: " + cardName(card));
            seen[card.suit][card.rank] = true;
            column.push_back(card);
        }
        columns.push_back(column);
    }
    if (columns.size() != 7)
        fail("a layout is seven lines, one a column");
    for (int suit = 0; suit < 4; ++suit)
        for (int rank = 1; rank <= 13; ++rank)
            if (!seen[suit][rank])
                fail("card missing: " + cardName(Card{suit, rank, true}));
    return columns;
}

// Gives the solver's protected count of positions to main().
class CountingSolver : public YukonSolver
{
public:
    using YukonSolver::YukonSolver;
    unsigned long positions() const
    {
        return Total_positions;
    }
};

const char *statusName(SolverInterface::ExitStatus status)
{
    switch (status) {
    case SolverInterface::SolutionExists:
        return "SolutionExists";
    case SolverInterface::NoSolutionExists:
        return "NoSolutionExists";
    case SolverInterface::SearchAborted:
        return "SearchAborted";
    case SolverInterface::MemoryLimitReached:
        return "MemoryLimitReached";
    case SolverInterface::UnableToDetermineSolvability:
        return "UnableToDetermineSolvability";
    }
    return "unknown";
}

// KPatience's own dealing of a Yukon game: its deck in the order
// DealerScene::setDeckContents creates it (rank by rank, each in KCardDeck's
// suit order), shuffled by its KpatShuffle::shuffled (shuffle.h, copied
// unchanged), dealt by the body of its Yukon::restart (copied unchanged from
// yukon.cpp by build.sh into yukon_restart.inc).
class KpatDealer
{
public:
    struct Deck {
        double cardHeight() const
        {
            return 1.0;
        }
    };

    PatPile piles[7];
    PatPile *store[7];
    Deck theDeck;

    KpatDealer()
    {
        for (int j = 0; j < 7; ++j)
            store[j] = &piles[j];
    }
    const Deck *deck() const
    {
        return &theDeck;
    }
    void addCardForDeal(PatPile *pile, KCard *card, bool faceUp, QPointF)
    {
        card->setFaceUp(faceUp);
        pile->cards.append(card);
    }
    void startDealAnimation()
    {
    }
    void restart(const QList<KCard *> &cards)
#include "yukon_restart.inc"
};

void printDeal(unsigned int number)
{
    std::vector<KCard> cards;
    cards.reserve(52);
    QList<KCard *> deck;
    for (int rank = 1; rank <= 13; ++rank)
        for (int suit = 0; suit < 4; ++suit) {
            cards.emplace_back(suit, rank, true);
            deck << &cards.back();
        }
    KpatDealer dealer;
    dealer.restart(KpatShuffle::shuffled<KCard *>(deck, number));
    for (const PatPile &pile : dealer.piles) {
        std::string line;
        for (const KCard *card : pile.cards) {
            const std::string name = cardName(Card{card->suit(), card->rank(), true});
            line += (line.empty() ? "" : " ") + (card->isFaceUp() ? name : "[" + name + "]");
        }
        std::printf("%s\n", line.c_str());
    }
}

// Replays patsolve()'s moves on the layout to name the card each one moves.
std::string nameMoves(std::vector<std::vector<Card>> columns, const QList<MOVE> &moves)
{
    std::string out;
    for (const MOVE &move : moves) {
        std::vector<Card> &from = columns.at(move.from);
        const int index = static_cast<int>(from.size()) - move.card_index - 1;
        if (index < 0 || !from.at(index).faceUp)
            fail("a winning move does not fit the layout");
        out += " " + cardName(from.at(index));
        if (move.totype == O_Type) {
            out += ">F";
        } else {
            out += ">" + std::to_string(move.to + 1);
            std::vector<Card> &to = columns.at(move.to);
            to.insert(to.end(), from.begin() + index, from.end());
        }
        from.erase(from.begin() + index, from.end());
        if (!from.empty())
            from.back().faceUp = true;
    }
    return out;
}
}

int main(int argc, char **argv)
{
    double seconds = 3.0;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--seconds") == 0 && i + 1 < argc) {
            seconds = std::atof(argv[++i]);
            if (!(seconds > 0))
                fail("--seconds takes a number above 0");
        } else if (std::strcmp(argv[i], "--deal") == 0 && i + 1 < argc) {
            const long number = std::atol(argv[++i]);
            if (number < 1)
                fail("--deal takes a game number from 1");
            printDeal(static_cast<unsigned int>(number));
            return 0;
        } else {
            fail(std::string("usage: ") + argv[0] + " [--seconds S] < layout  |  " + argv[0] + " --deal N");
        }
    }
    const std::vector<std::vector<Card>> layout = readLayout(std::cin);

    std::vector<KCard> cards;
    cards.reserve(52);
    Yukon dealer;
    for (int w = 0; w < 7; ++w) {
        dealer.store[w] = new PatPile;
        for (const Card &card : layout[w]) {
            cards.emplace_back(card.suit, card.rank, card.faceUp);
            dealer.store[w]->cards.append(&cards.back());
        }
    }
    for (auto &target : dealer.target)
        target = new PatPile;

    CountingSolver solver(&dealer);
    solver.translate_layout();

    std::mutex mutex;
    std::condition_variable finished;
    bool done = false;
    SolverInterface::ExitStatus status = SolverInterface::UnableToDetermineSolvability;
    const auto started = std::chrono::steady_clock::now();
    std::thread worker([&] {
        SolverInterface::ExitStatus result = solver.patsolve();
        std::lock_guard<std::mutex> lock(mutex);
        status = result;
        done = true;
        finished.notify_one();
    });
    {
        std::unique_lock<std::mutex> lock(mutex);
        const auto deadline = started + std::chrono::duration<double>(seconds);
        if (!finished.wait_until(lock, deadline, [&] {
                return done;
            }))
            solver.stopExecution();
    }
    worker.join();
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;

    std::printf("verdict %s\n", statusName(status));
    std::printf("seconds %.4f\n", elapsed.count());
    std::printf("positions %lu\n", solver.positions());
    if (status == SolverInterface::SolutionExists)
        std::printf("moves%s\n", nameMoves(layout, solver.winMoves()).c_str());
    return 0;
}
