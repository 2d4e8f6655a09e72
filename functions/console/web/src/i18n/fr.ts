// Every text of the console, in French, the festival's language. A
// translation is another module of the same shape.
export const fr = {
  appName: "Festival",
  nav: {
    label: "Navigation principale",
    selection: "La sélection",
    programme: "Programme",
    palmares: "Palmarès",
    signIn: "Se connecter",
    account: "Mon compte",
    signOut: "Se déconnecter",
  },
  loading: "Chargement…",
  selection: {
    title: "La sélection",
    empty: "Aucun film n'a encore été soumis.",
    minutes: (m: number) => `${m} min`,
    by: (name: string) => `Produit par ${name}`,
    status: {
      PENDING: "En attente",
      VALIDATED: "Retenu",
      CANDIDATE: "Candidat",
      REJECTED: "Non retenu",
    } as Record<string, string>,
  },
  programme: {
    title: "Programme",
    empty: "Aucun événement n'est encore programmé.",
    from: (start: string, end: string) => `Du ${start} au ${end}`,
  },
  palmares: {
    title: "Palmarès",
    empty: "Aucun prix n'a encore été décerné.",
  },
  signIn: {
    title: "Connexion",
    email: "Adresse e-mail",
    password: "Mot de passe",
    submit: "Se connecter",
    expired: "Votre session a expiré : connectez-vous pour continuer.",
  },
  account: {
    title: "Mon compte",
    role: { ADMIN: "Administrateur", JURY: "Membre du jury", PRODUCER: "Producteur" } as Record<string, string>,
    email: "E-mail",
  },
  errors: {
    network: "Le serveur ne répond pas. Réessayez dans un instant.",
  },
};
