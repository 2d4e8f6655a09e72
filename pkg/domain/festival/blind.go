package festival

// Blind judging (Season.BlindJudging): while the setting is on, a film
// shows nobody but the festival's admins and its own producer who made it.
//
// Jurors are the ones it is for, but the public reads too: GET /movies and
// GET /movies/:id answer anyone, so a juror who signs out (or any other
// account) would read the makers there. Blind judging therefore hides them
// from every audience but the admins and the film's producer. A festival
// turns the setting off when the judging is over and the credits may show.

// Blinds reports whether audience a reads films blind: the setting is on,
// and a is a juror or the public (anyone but an admin or the film's
// producer).
func (s Season) Blinds(a Audience) bool {
	return s.BlindJudging && (a == AudienceJury || a == AudiencePublic)
}

// BlindFilm is the film with everything that names its makers emptied, in
// the specification's shape (the fields stay, null or empty):
//   - the producer (`Producer` null, `id_user` 0) and the team
//     (`Collaborators` empty);
//   - `production` and `workshop`, the company and the school or workshop
//     the film was made in, which name the makers as surely as a credit;
//   - `youtube_link`, whose page names the channel that uploaded it;
//   - the name a producer gave a file answer (a CV, a statement: it often
//     carries their name), replaced by the stored key, which the server
//     made up;
//   - who withdrew the film and why (the producer's id, their own words).
//
// Stored file names (`trailer`, `picture1`, `subtitle`, ...) stay: the
// server makes them up from the part, the upload's time and random digits
// (files.Store.StoredName), so they carry nothing of the maker. What the
// film itself shows (its credits, its title, its synopsis, the text of its
// subtitles, a picture's metadata) is beyond the API's reach.
//
// m is not changed: its slices and maps may be shared.
func BlindFilm(m Movie) Movie {
	m.Producer, m.OwnerID = nil, 0
	m.Collaborators = []Collaborator{}
	m.Production, m.Workshop, m.YoutubeLink = nil, nil, nil
	if m.Answers != nil {
		answers := make(Answers, len(m.Answers))
		for id, a := range m.Answers {
			if a.File != nil {
				f := *a.File
				f.Name = f.Key
				a.File = &f
			}
			answers[id] = a
		}
		m.Answers = answers
	}
	if m.Withdrawn != nil {
		w := *m.Withdrawn
		w.By, w.Reason = 0, ""
		m.Withdrawn = &w
	}
	return m
}
