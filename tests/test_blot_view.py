"""What a Blot seat sees: announcements before the first card, shown combinations before the second, the auction,
the contract, tags, the sheet and nothing hidden (rulings blot.md §2.8 declaring; docs/rules-blot.md)."""

from __future__ import annotations

import json

from tests.gameplay import cards_in
from tests.test_blot_support import SUIT_HANDS, auction, new_game, said


def visible(game, seat) -> set[str]:
    return set(cards_in(game.view(seat)))


def test_announce_before_the_first_card_and_show_before_the_second():
    game = new_game(SUIT_HANDS, dealer=3)
    auction(game, "bid 8 C", "pass", "pass", "pass")
    assert game.view(1)["extra"]["announced"] == [None, None, None, None]
    game.apply(0, "play 7C")
    kinds = [e["event"] for e in game.events[-2:]]
    assert kinds == ["announce", "play"] and game.events[-2]["combos"] == ["100", "tierce"]
    assert game.view(1)["extra"]["announced"] == [["100", "tierce"], None, None, None]
    assert "declared: 100 and tierce" in [said(t) for t in game.view(2)["seats"][0]["tags"]]
    for seat, card in ((1, "7D"), (2, "7H"), (3, "7S")):
        game.apply(seat, f"play {card}")
    comparison = game.view(1)["extra"]["combinations"]
    assert comparison["team"] == 0 and comparison["points"] == [0, 0]
    assert said(comparison["text"]) == "Combinations count for Ann and Cid: 100 to the A in trumps is higher."
    # before seat 0's second card its clubs are still hidden from seat 1
    assert "KC" in {str(c) for c in game.hidden_from(1)} and "KC" not in visible(game, 1)
    game.apply(0, "play 8C")
    assert game.view(1)["extra"]["combinations"]["points"] == [12, 0]
    shown = game.view(1)["extra"]["shown"][0]
    assert [s["name"] for s in shown] == ["100", "tierce"]
    assert shown[0]["cards"] == ["10C", "JC", "QC", "KC", "AC"]
    assert "KC" not in {str(c) for c in game.hidden_from(1)} and "KC" in visible(game, 1)
    # the team whose combinations do not count never shows them
    game.apply(1, "play 8D")
    assert game.view(0)["extra"]["shown"][1] == []
    assert "9D" in {str(c) for c in game.hidden_from(0)} and "9D" not in visible(game, 0)


def test_the_auction_and_contract_in_extra_and_tags():
    game = new_game(SUIT_HANDS, dealer=3)
    auction(game, "bid 9 S", "bid 10 H")
    view = game.view(2)
    assert [said(c["msg"]) for c in view["extra"]["auction"]] == ["9 ♠", "10 ♥"]
    assert said(view["extra"]["standing"]["text"]) == "10 ♥" and view["extra"]["contract"] is None
    assert [said(t) for t in view["seats"][1]["tags"]] == ["bid: 10 ♥"]
    assert [said(t) for t in view["seats"][3]["tags"]] == ["dealer"]
    assert [said(t, seat=3) for t in view["seats"][3]["tags"]] == ["you deal"]
    assert said(view["status"]) == "Cid to bid over 10 ♥ by Bob: at least 11, pass or contra."
    assert said(view["status"], seat=2) == "Bid over 10 ♥ by Bob (at least 11), pass or say contra."
    assert said(new_game(SUIT_HANDS, dealer=2).view(None)["status"]) == "Dan to bid: at least 8, or pass."
    assert said(new_game(SUIT_HANDS, dealer=2).view(3)["status"], seat=3) == "Bid at least 8 or pass."
    assert said(game.view(None)["table"]["label"]) == "Auction"
    auction(game, "contra")
    assert said(game.view(None)["status"]) == "Bob may answer the contra: recontra or pass."
    auction(game, "recontra")
    view = game.view(None)
    assert said(view["extra"]["contract"]["text"]) == "10 ♥ by Bob, recontra"
    assert said(next(e for e in game.events if e["event"] == "contract")["msg"]) == "10 ♥ by Bob, recontra"
    assert view["extra"]["contract"]["mult"] == 4
    assert [said(t) for t in view["seats"][1]["tags"]] == ["contract: 10 ♥", "recontra"]
    assert [said(t) for t in view["seats"][2]["tags"]] == ["contra"]
    assert said(view["table"]["label"]) == "Trick 1 · trumps ♥" and view["hand"] == []
    assert said(view["status"], seat=0) == "Play a card to trick 1. Contract: 10 ♥ by Bob, recontra."


def test_hand_sorted_in_the_contract_order():
    game = new_game(["JS 9S AS 10S 7C 8C 9C 10C", "KS QS 8S 7S JC QC KC AC", *SUIT_HANDS[1:3]], dealer=3)
    assert game.view(0)["hand"][-4:] == ["9S", "10S", "JS", "AS"]
    auction(game, "bid 8 S", "pass", "pass", "pass")
    assert game.view(0)["hand"][-4:] == ["10S", "AS", "9S", "JS"]


def test_trick_verdict_and_score_sheet():
    game = new_game(SUIT_HANDS, dealer=3)
    auction(game, "bid 8 C", "pass", "pass", "pass")
    for seat, card in ((0, "QC"), (1, "AD"), (2, "AH"), (3, "AS")):
        game.apply(seat, f"play {card}")
    view = game.view(1)
    assert said(view["last_trick"]["verdict"]) == "Ann takes the trick with Q♣: the highest trump."
    assert said(view["last_trick"]["label"]) == "Trick 1"
    assert said(view["status"]) == (
        "Ann takes the trick with Q♣: the highest trump. Ann to play to trick 2. Contract: 8 ♣ by Ann."
    )
    assert said(view["status"], seat=0).startswith(
        "You take the trick with Q♣: the highest trump. Play a card to trick 2."
    )
    assert view["extra"]["points"] == [36, 0] and view["extra"]["tricks"] == [1, 0]
    trick = next(e for e in game.events if e["event"] == "trick")
    assert said(trick["msg"]) == "Ann takes the trick with Q♣: the highest trump." and trick["points"] == 36
    calls = [said(e["msg"]) for e in game.events if e["event"] in ("bid", "pass")]
    assert calls == ["Ann: 8 ♣", "Bob: pass", "Cid: pass", "Dan: pass"], "the auction is in the table's log"
    assert said(next(e["msg"] for e in game.events if e["event"] == "bid"), seat=0) == "You: 8 ♣"
    while game.hand_no == 1:
        seat = game.to_act()[0]
        game.apply(seat, game.legal_actions(seat)[0])
    sheet = game.view(2)["sheet"]
    assert [said(c, seat=2) for c in sheet["columns"]] == ["Hand", "Contract", "Your team", "Bob and Dan"]
    assert [[said(c) for c in row] for row in sheet["rows"]] == [["1", "8 ♣ by Ann: made", "59", "0"]]
    assert [said(c) for c in sheet["totals"]] == ["Total", "", "59", "0"]
    last_hand = game.view(2)["extra"]["last_hand"]
    assert last_hand["made"] is True
    assert said(last_hand["verdict"]) == "Contract 8 ♣ by Ann made."
    assert [said(line, seat=1) for line in last_hand["how"]] == [
        "Ann and Cid: 8 for the contract + 25 for 250 card points + 24 for combinations + 2 for belote = 59",
        "Your team: 0",
    ], "a kaput: 250 card points, and every combination and the belote counted for the team that made it"


def test_views_are_json_and_hide_other_hands():
    game = new_game(SUIT_HANDS, dealer=3)
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        json.dumps(view)
        hidden = {str(c) for c in game.hidden_from(seat)}
        assert len(hidden) == (32 if seat is None else 24)
        assert not hidden & visible(game, seat)


def test_bid_range_for_a_compact_picker():
    game = new_game(SUIT_HANDS, dealer=3)
    assert game.view(0)["extra"]["bid_range"] == {
        "lowest": 8,
        "highest": 84,
        "kaput_from": 25,
        "kaput_only": False,
        "strains": ["C", "D", "H", "S", "NT"],
    }
    auction(game, "bid 26 S kaput")
    picker = game.view(1)["extra"]["bid_range"]
    assert picker["lowest"] == 27 and picker["kaput_only"] is True
    bids = [a for a in game.legal_actions(1) if a.startswith("bid")]
    assert len(bids) == (84 - 27 + 1) * 5
    auction(game, "contra")
    assert game.view(0)["extra"]["bid_range"] is None


def test_status_offers_contra_only_to_the_other_team():
    game = new_game(SUIT_HANDS, dealer=3)
    auction(game, "bid 9 S", "pass")
    assert said(game.view(None)["status"]) == "Cid to bid over 9 ♠ by Ann: at least 10, or pass."
