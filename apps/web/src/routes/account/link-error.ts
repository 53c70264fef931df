/** What a failed "Link {provider}" came back with (`?error=`), in words a person can act on. */
export function describeLinkError(error: string, providerName: string): string {
  const headline = `${providerName} could not be linked.`;
  switch (error) {
    case 'email_does_not_match':
    case "email_doesn't_match":
      return `${headline} It signed you in with a different e-mail address than this account's.`;
    case 'account_already_linked_to_different_user':
      return `${headline} That ${providerName} account already belongs to another Glowreel account.`;
    case 'unable_to_link_account':
      return `${headline} It did not confirm that your e-mail address is verified.`;
    case 'access_denied':
      return `${headline} Permission was not given.`;
    case 'state_mismatch':
    case 'state_not_found':
      return `${headline} The link request was already used or has expired. Please start again.`;
    default:
      return headline;
  }
}
