-- ERC-7715 grants (issue 27): the pci of a grant recorded from wallet_requestExecutionPermissions'
-- answer is its delegation's hash, and the chain holds the permission: the DelegationManager
-- whose disabledDelegations(pci) says whether it is still live. Null for the older signed-JSON grants.
ALTER TABLE smart_sessions ADD COLUMN IF NOT EXISTS delegation_manager text;
