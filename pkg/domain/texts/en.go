package texts

// en is the English catalogue: the same keys as fr (the catalogues' test
// checks it), with the same format verbs in the same order.
var en = merge(
	enSpec,
	enOurs,
	enData,
	enDecisions,
	enEligibility,
	enForm,
	enMedia,
	enMediajob,
	enRelease,
	enScreening,
	enWithdrawal,
	enEntries,
	enFields,
	enSettings,
	enTools,
	enEditions,
	enEditionsStore,
	enLanguages,
	enAccountsLang,
	enStatus,
	enJurylimits,
	enKeys,
	enSmaller,
	enNotices,
	enAudit,
	enBoard,
	enSetup,
	enBounded,
)
