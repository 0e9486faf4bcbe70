const indianDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeZone: "Asia/Kolkata" });

/** What students searched for and found little (decision 0026): what the catalogue could add. */
export function SearchMisses({
  misses,
}: {
  misses: Array<{ term: string; searches: number; fewestResults: number; lastSearchedAt: Date }>;
}) {
  return (
    <section aria-labelledby="search-misses" className="mt-4">
      <h2 id="search-misses" className="h5">
        Searches with few results
      </h2>
      {misses.length === 0 ? (
        <p>No search in the range found fewer than three courses.</p>
      ) : (
        <div className="table-responsive">
          <table className="table table-sm align-middle w-auto">
            <caption className="caption-top">
              Terms visitors searched that found fewer than three courses, most searched first
            </caption>
            <thead>
              <tr>
                <th scope="col">Search</th>
                <th scope="col" className="text-end">
                  Times
                </th>
                <th scope="col" className="text-end">
                  Courses found
                </th>
                <th scope="col">Last searched</th>
              </tr>
            </thead>
            <tbody>
              {misses.map((miss) => (
                <tr key={miss.term}>
                  <th scope="row">{miss.term}</th>
                  <td className="text-end">{miss.searches}</td>
                  <td className="text-end">{miss.fewestResults === 0 ? "none" : `${miss.fewestResults}`}</td>
                  <td>{indianDate.format(new Date(miss.lastSearchedAt))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
