/** Placeholder until its issue-6 helper builds it. */
export default function RegisterAccountNameSuccessView(_props: { name: string }) {
  return null
}
