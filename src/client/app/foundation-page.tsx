const MACHINES = ['sale', 'saleManagement', 'saleStatus'];

export function FoundationPage() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '3rem auto', padding: '0 1rem' }}
    >
      <h1>Salon POS</h1>
      <p>
        This build holds the foundation: the money and order rules (<code>src/domain</code>) and the sale
        statecharts (<code>machines/</code>). The POS screens and the server arrive in the next issues.
      </p>
      <p>Statecharts, as diagrams for review:</p>
      <ul>
        {MACHINES.map((id) => (
          <li key={id}>
            <code>docs/machines/{id}.md</code>
          </li>
        ))}
      </ul>
    </main>
  );
}
