const MACHINES = ['sale', 'saleManagement', 'saleStatus'];

export function FoundationPage() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '3rem auto', padding: '0 1rem' }}
    >
      <h1>Salon POS</h1>
      <p>
        This build holds the foundation: the money and order rules (<code>src/domain</code>) and the sale
        statecharts (<code>machines/</code>), served by the API server and its embedded PostgreSQL. The POS
        screens arrive with the app issue.
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
