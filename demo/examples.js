// The playground's example functions. They are real functions, defined in this module, so they run
// even where the page's Content-Security-Policy forbids eval; their source text is what the page shows.

function get_weather(location, unit = "celsius") {
  /**
   * Get weather information for a location.
   * @param {string} location
   * @param {"celsius" | "fahrenheit"} unit
   */
  const celsius = 8 + ((location.length * 7) % 20);
  return {
    location,
    unit,
    temperature: unit === "fahrenheit" ? Math.round(celsius * 1.8 + 32) : celsius,
    sky: "cloudy",
  };
}

function silly_sum(
  a, // First thing to sum
  b = 1, // Second thing to sum
) {
  "Adds a + b.";
  return a + b;
}

function create_event({ title, start, attendees = [], location = { city: "Paris" }, metadata = {} }) {
  /**
   * Creates a calendar event.
   *
   * Args:
   *   title (string): Title of the event
   *   start (datetime): When it starts
   *   attendees ({ name: string, email?: string }[]): People invited
   *   location ({ city: string, room?: string, floor?: integer }): Where it happens
   *   metadata: Anything else to keep with the event
   */
  return {
    id: "evt_" + title.length,
    title,
    start: start.toISOString(),
    invited: attendees.map((a) => a.name),
    city: location.city,
    metadata,
  };
}

export const EXAMPLES = [
  { fn: get_weather, args: { location: "Paris, France", unit: "celsius" } },
  { fn: silly_sum, args: { a: "The answer is ", b: 42 } },
  {
    fn: create_event,
    args: {
      title: "Design review",
      start: "2026-03-02T14:00:00Z",
      attendees: [{ name: "Ada", email: "ada@example.com" }],
      location: { city: "Lyon", floor: 3 },
    },
  },
];
