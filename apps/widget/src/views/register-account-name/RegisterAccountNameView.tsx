/** Placeholder until its issue-6 helper builds it. */
export default function RegisterAccountNameView(_props: { error?: string | undefined }) {
  return null
}
