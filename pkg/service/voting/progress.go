package voting

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"time"

	"github.com/festivalapi/festival/pkg/domain/festival"
)

type pair struct{ movie, user int64 }

// Progress is where every jury member with an assigned film stands, by
// last name: the films (kept in memory, with the settings in the same
// request), every vote and every watch (one Query each), and their reminder
// state (one BatchGetItem per 100 members).
func (s *Service) Progress(ctx context.Context) ([]festival.JurorProgress, error) {
	var st festival.Settings
	films, _, err := s.films.ListMovies(ctx, festival.MovieFilter{Settings: &st}, festival.Page{})
	if err != nil {
		return nil, err
	}
	byID := map[int64]*festival.JurorProgress{}
	assigned := map[pair]bool{}
	for _, m := range films {
		if !m.InFestival() {
			continue // no longer to judge (a withdrawn film has no jury anyway)
		}
		for _, j := range m.Juries {
			p := byID[j.ID]
			if p == nil {
				p = &festival.JurorProgress{ID: j.ID, FirstName: j.FirstName, LastName: j.LastName}
				byID[j.ID] = p
			}
			p.Assigned++
			assigned[pair{m.ID, j.ID}] = true
		}
	}
	if len(byID) == 0 {
		return []festival.JurorProgress{}, nil
	}
	votes, _, err := s.votes.ListVotes(ctx, festival.Page{})
	if err != nil {
		return nil, err
	}
	for _, v := range votes {
		if assigned[pair{v.MovieID, v.UserID}] {
			byID[v.UserID].Voted++
		}
	}
	watches, err := s.progress.Watches(ctx)
	if err != nil {
		return nil, err
	}
	for _, w := range watches {
		if assigned[pair{w.MovieID, w.UserID}] {
			byID[w.UserID].Watched++
		}
	}
	ids := make([]int64, 0, len(byID))
	for id := range byID {
		ids = append(ids, id)
	}
	mails, err := s.progress.JuryMails(ctx, ids)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := make([]festival.JurorProgress, 0, len(byID))
	for id, p := range byID {
		p.ToVote = p.Assigned - p.Voted
		p.Overdue = st.Overdue(p.ToVote, now)
		p.RemindersOff, p.RemindedAt = mails[id].RemindersOff, mails[id].RemindedAt
		out = append(out, *p)
	}
	slices.SortFunc(out, func(a, b festival.JurorProgress) int {
		return cmp.Or(cmp.Compare(a.LastName, b.LastName), cmp.Compare(a.ID, b.ID))
	})
	return out, nil
}

// MyProgress is the calling jury member's own line, from their own records
// only: their assigned films (kept in memory, with the settings in the same
// request), their votes and their watches (one Query each of their GSI2
// partition), and their reminder state; however large the jury.
func (s *Service) MyProgress(ctx context.Context, c festival.Actor) (festival.JurorProgress, error) {
	mine := festival.JurorProgress{ID: c.ID}
	if c.Record != nil {
		mine.FirstName, mine.LastName = c.Record.FirstName, c.Record.LastName
	}
	var st festival.Settings
	films, _, err := s.films.ListMovies(ctx, festival.MovieFilter{JuryID: c.ID, Settings: &st}, festival.Page{})
	if err != nil {
		return mine, err
	}
	assigned := map[int64]bool{}
	for _, m := range films {
		if !m.InFestival() {
			continue // as Progress
		}
		assigned[m.ID] = true
		for _, j := range m.Juries {
			if j.ID == c.ID { // the name as the films show it, as Progress does
				mine.FirstName, mine.LastName = j.FirstName, j.LastName
			}
		}
	}
	mine.Assigned = len(assigned)
	if mine.Assigned == 0 {
		return mine, nil
	}
	votes, _, err := s.votes.VotesOf(ctx, c.ID, festival.Page{})
	if err != nil {
		return mine, err
	}
	for _, v := range votes {
		if assigned[v.MovieID] {
			mine.Voted++
		}
	}
	watches, err := s.progress.WatchesOf(ctx, c.ID)
	if err != nil {
		return mine, err
	}
	for _, w := range watches {
		if assigned[w.MovieID] {
			mine.Watched++
		}
	}
	mails, err := s.progress.JuryMails(ctx, []int64{c.ID})
	if err != nil {
		return mine, err
	}
	mine.ToVote = mine.Assigned - mine.Voted
	mine.Overdue = st.Overdue(mine.ToVote, s.now())
	mine.RemindersOff, mine.RemindedAt = mails[c.ID].RemindersOff, mails[c.ID].RemindedAt
	return mine, nil
}

// SendReminders writes a reminder for each jury member with films left to
// vote, while the vote is open and the festival set a period
// (jury_reminder_days): at most one per member per period, never to a
// member who turned them off. The outbox sends them. It returns how many it
// wrote.
func (s *Service) SendReminders(ctx context.Context) (int, error) {
	st, err := s.settings.GetSettings(ctx)
	if err != nil || st.JuryReminderDays <= 0 {
		return 0, err
	}
	now := s.now()
	if st.Published() || !st.Voting().Contains(now) {
		return 0, nil
	}
	period := time.Duration(st.JuryReminderDays) * 24 * time.Hour
	progress, err := s.Progress(ctx)
	if err != nil {
		return 0, err
	}
	until, untilAt := "", ""
	if !st.VotingCloseAt.IsZero() {
		// The template says "avant le"; until_at is the date itself, which
		// the mail writes in its reader's language.
		until, untilAt = festival.FrenchDate(st.VotingCloseAt), st.VotingCloseAt.String()
	}
	sent := 0
	for _, p := range progress {
		if p.ToVote == 0 || p.RemindersOff || (!p.RemindedAt.IsZero() && p.RemindedAt.After(now.Add(-period))) {
			continue
		}
		msg := festival.NewMessage(festival.MessageJuryReminder, []int64{p.ID},
			map[string]string{"count": strconv.Itoa(p.ToVote), "until": until, "until_at": untilAt}, now)
		ok, err := s.progress.Remind(ctx, p.ID, now.Add(-period), msg)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// Ledger lists the vote ledger's linked entries in order.
func (s *Service) Ledger(ctx context.Context, p festival.Page) ([]festival.LedgerEntry, string, error) {
	return s.ledger.LedgerEntries(ctx, p)
}

// LedgerHead is the vote ledger's head.
func (s *Service) LedgerHead(ctx context.Context) (festival.LedgerHead, error) {
	return s.ledger.LedgerHead(ctx)
}
