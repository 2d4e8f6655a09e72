package texts

// fr is the French catalogue, the reference: the specification's texts byte
// for byte and the festival's own. It is composed of one part per area
// file (fr_<area>.go beside <area>.go, which declares the keys).
var fr = merge(
	frSpec,
	frOurs,
	frData,
	frDecisions,
	frEligibility,
	frForm,
	frMedia,
	frMediajob,
	frRelease,
	frScreening,
	frWithdrawal,
	frEntries,
	frFields,
	frSettings,
	frTools,
	frEditions,
	frEditionsStore,
	frLanguages,
	frAccountsLang,
	frStatus,
	frJurylimits,
	frKeys,
	frSmaller,
	frNotices,
	frAudit,
	frBoard,
	frSetup,
	frBounded,
)
