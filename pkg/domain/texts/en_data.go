package texts

// enData is the English of data.go's texts.
var enData = map[Key]string{
	ErasePasswordMissing: "password: your current password is required to erase your account",
	ErasePasswordWrong:   "Wrong password: your account was not erased",
	EraseLastAdmin:       "You are the festival's last administrator: appoint another one before erasing your account",
	AccountErased:        "Your account and your data have been erased",
	ExportStarted:        "Your data export is ready: the link to download it is on its way to you in a message (valid for 7 days)",
	ExportNotFound:       "Export not found or expired: ask for a new one",
	ExportLeftOut: `
Files not included:`,
	ExportReadme: `Your data at the festival

This folder holds everything the festival keeps about you, as it was at the time of the export.

- account.json: your account (name, e-mail address, role, contact details and profile). The password is not in it: only its hash is kept, and it is never exported.
- films.json: the films you submitted, as you see them in the console, with your answers to the festival's form. The video files are not in it (they can weigh several gigabytes): films.json gives the name of each, which you find in the console.
- fichiers/<film number>/: the files attached to your answers (PDF, images), 10 MiB at most each.
- messages.json: the messages addressed to you, sent or waiting. The text of a message addressed to several people is not included (it was written for one of them).
- viewings.json: for a jury member, what you watched of each film (the stretches played, in seconds, and the playback keys obtained).
- votes.json: for a jury member, your votes (score, comment, marks).

The download link is valid for 7 days; the export is then deleted.
`,
	ExportFileTooBig:  "%s (%d bytes: over %d)",
	ExportFileMissing: "%s (missing from the storage)",
}
