export default function Page() { return <p>Coming.</p>; }
